import './zod-config';
import { startApp } from './app/start-app';
import './app/styles.css';

const root = document.getElementById('root');
if (root) {
  void startApp(root);
}
