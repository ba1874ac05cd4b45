export { MyMarketList } from './components/my-market-list';
