// Requests being answered, counted (nothing kept per request), so that close() can wait for them.

/** The count of answers under way: started(), finished(), and drained() resolving once none is. */
export class Answering {
  #count = 0;
  #onDrained = () => {};

  started() {
    this.#count += 1;
  }

  finished() {
    this.#count -= 1;
    if (this.#count === 0) this.#onDrained();
  }

  /** How many are under way. */
  get count() {
    return this.#count;
  }

  /** Resolves once no answer is under way. */
  drained() {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#onDrained = resolve;
    });
  }
}
