export { RulesDialog } from './components/rules-dialog';
