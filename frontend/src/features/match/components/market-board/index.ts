// The match's markets as exchange tables (MarketBoard), one file per part.
export { MarketBoard } from './market-board';
export { groupMarkets } from './group-markets';
