/** The account limits on the local store (memory), by the contract every store meets. */
import { MemoryThrottleStore } from './throttle-store';
import { describeThrottleStore } from '../../tests/support/throttle-store-contract';

describeThrottleStore('MemoryThrottleStore', () => {
  let now = Date.UTC(2030, 0, 1);
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  return { store: new MemoryThrottleStore(clock.now), clock };
});
