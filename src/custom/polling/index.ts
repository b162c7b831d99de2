export { NewWorkPolling } from './NewWorkPolling';
