// What an op's run answers through: the first resolve or reject is the request's reply, later ones are
// ignored; `client` is who is charged for what it writes. One small object per request in flight (they are
// many: see coalescer.js).

/** One request's answer: resolve(result) or reject(error), once; `answers` receives it ({ok, failed}). */
export class Reply {
  constructor(answers, id, client) {
    this.answers = answers;
    this.id = id;
    this.client = client;
  }

  resolve(result) {
    if (this.answers === null) return;
    const { answers } = this;
    this.answers = null;
    answers.ok(this.id, result);
  }

  reject(error) {
    if (this.answers === null) return;
    const { answers } = this;
    this.answers = null;
    answers.failed(this.id, error);
  }
}
