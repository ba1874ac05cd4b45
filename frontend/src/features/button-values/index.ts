export { ButtonValuesForm } from './components/button-values-form';
export { useGameButtons } from './hooks/use-game-buttons';
