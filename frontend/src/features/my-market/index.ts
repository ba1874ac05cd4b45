export { MyMarketList } from './components/my-market-list';
export { groupByMarket } from './group';
