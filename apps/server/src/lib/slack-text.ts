/**
 * Words a person or an admin wrote (a drink's, a choice's or a site's name, a reject note, a run's
 * place, a refusal that names them), put into Slack's mrkdwn as text. Slack reads `&`, `<` and `>`
 * as its markup: `<!channel>` notifies everyone, `<@U123>` mentions someone and
 * `<https://x|click>` shows a link under other words. Escaped as Slack asks (only these three,
 * docs.slack.dev "Formatting text": escaping), they arrive as typed. The catalogue's own markup (a
 * `*bold*` drink, a `<url|link>` of its own) is never passed through here: only what is put into it.
 */
export const slackText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
