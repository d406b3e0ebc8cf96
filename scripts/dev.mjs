// `npm run dev`: the API with reload (tsx watch, port 3000) and Vite with hot reload (port 5173)
// proxying /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@muster/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@muster/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
