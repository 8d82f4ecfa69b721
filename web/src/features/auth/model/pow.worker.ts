// The slider's proof of work off the main thread: the page posts a Pow, the
// worker answers the nonce (docs/accounts.md "Slider"). One job per worker;
// the page terminates it when done or no longer needed.
import { solvePow, type Pow } from './pow';

self.onmessage = (e: MessageEvent<Pow>) => {
  self.postMessage(solvePow(e.data));
};
