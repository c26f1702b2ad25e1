/** At most `limit` holders at once; the others wait in arrival order. */
export class Gate {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Resolves with the function that lets the next waiter in; an abort while waiting rejects with its reason. */
  async enter(signal: AbortSignal): Promise<() => void> {
    if (this.holders >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const admit = () => {
          signal.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          this.waiting.splice(this.waiting.indexOf(admit), 1);
          reject(signal.reason as Error);
        };
        signal.throwIfAborted();
        signal.addEventListener('abort', leave, { once: true });
        this.waiting.push(admit);
      });
    } else {
      this.holders++;
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.holders--;
    };
  }
}
