/** The boot module (see start-boot.ts): a separate entry of the build, loaded async by index.html. */
import { startBoot } from './start-boot';

try {
  startBoot(window);
} catch {
  // Only a head start: without it the app sends the same requests itself.
}
