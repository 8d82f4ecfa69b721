import { App } from './app/app';
import { startApp } from './app/start';

// Start in the stored language, else the browser's; LanguageSync checks it against the server's list.
startApp(<App />);
