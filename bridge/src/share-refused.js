// The refusal a shared ceiling gives (admission.js).

/** An error a share refusal carries: which ceiling (`reason`) and a message for people. */
export class ShareRefused extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}
