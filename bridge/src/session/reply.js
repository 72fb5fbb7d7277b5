// What an op's run answers through: the first resolve or reject is the request's reply, later ones are
// ignored; `client` is who is charged for what it writes, `held` the keys held from its budget until the
// answer (what it wrote is charged by the op). One small object per request in flight (they are many: see
// coalescer.js).

/** One request's answer: resolve(result) or reject(error), once; `answers` receives it ({ok, failed}). */
export class Reply {
  constructor(answers, id, client, held = 0) {
    this.answers = answers;
    this.id = id;
    this.client = client;
    this.held = held;
  }

  #release() {
    const { answers } = this;
    this.answers = null;
    if (this.held > 0) this.client.keys.give(this.held);
    return answers;
  }

  resolve(result) {
    if (this.answers === null) return;
    this.#release().ok(this.id, result);
  }

  reject(error) {
    if (this.answers === null) return;
    this.#release().failed(this.id, error);
  }
}
