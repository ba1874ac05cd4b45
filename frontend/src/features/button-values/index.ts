export { ButtonValuesForm } from './components/button-values-form';
