/** One email. */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

/** Sends mail; rejects when the mail could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>
}
