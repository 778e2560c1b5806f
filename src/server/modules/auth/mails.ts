import { messages } from '../../../contract/errors';
import type { ModelRole } from '../../../contract/http/models';
import type { OutgoingMail } from '../../mail/mailer';
import { capLength, escapeHtml, inertText, subjectLine } from '../../mail/plainText';

const product = 'Gusset';

/** What each model role allows, in spec section 4's words, to finish "you …". */
const roleWords: Record<ModelRole, string> = {
  ADMIN: 'can invite collaborators and update the model',
  WRITE: 'can update the model',
  READ: 'can only view and download it',
  LIMITEDVIEW: 'can only see the reports assigned to you',
};

/** A paragraph is text, or a link that the plain-text part puts alone on its own line. */
type Paragraph = string | { link: string; label: string };

function compose(
  to: string,
  purpose: OutgoingMail['purpose'],
  subject: string,
  link: string,
  paragraphs: Paragraph[],
): OutgoingMail {
  const text =
    paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n') + `\n\n— ${product}\n`;
  const htmlParagraphs = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  const html =
    `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n` +
    `${htmlParagraphs}\n<p>— ${product}</p>\n</body></html>\n`;
  return { to, purpose, subject, link, text, html };
}

export const authMails = {
  verify(to: string, link: string): OutgoingMail {
    return compose(to, 'verify', `Confirm your email address for ${product}`, link, [
      `Welcome to ${product}. Open this link to create your account:`,
      { link, label: 'Create your account' },
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ]);
  },

  /**
   * To a person added to an organization before they have an account: the link is a sign-up verification
   * link, so following it creates the account (keeping the memberships already given to it).
   */
  invitation(
    to: string,
    link: string,
    invitation: { inviterName: string; inviterEmail: string; organizationName: string; publicUrl: string },
  ): OutgoingMail {
    const { inviterEmail, publicUrl } = invitation;
    // Names are chosen by the inviter, so they are plain text here (see mail/plainText.ts); the subject gets
    // short versions, so the sentence around them survives the cap.
    const inviterName = inertText(invitation.inviterName);
    const organizationName = inertText(invitation.organizationName);
    return compose(
      to,
      'invitation',
      subjectLine(
        `${capLength(inviterName, 24)} invited you to ${capLength(organizationName, 30)} on ${product}`,
      ),
      link,
      [
        `${inviterName} (${inviterEmail}) invited you to join the organization "${organizationName}" on ` +
          `${product}, where structural engineers translate, version and share their models. Open this link ` +
          'to create your account:',
        { link, label: 'Create your account' },
        'The link works once and expires in 24 hours. After that, sign up with this email address and the ' +
          'organization will be waiting for you:',
        { link: `${publicUrl}/signup`, label: `Sign up to ${product}` },
        'If you do not know this person, ignore this email.',
      ],
    );
  },

  /**
   * To a person a model ADMIN added to a model. The link opens the model; someone invited to an organization
   * who has not signed up yet (pending) gets a sign-up link first, since the model link needs an account.
   */
  modelShared(
    to: string,
    share: {
      inviterName: string;
      inviterEmail: string;
      modelName: string;
      organizationName: string;
      role: ModelRole;
      modelLink: string;
      /** The pending invitee's sign-up link; null for someone with an account. */
      signupLink: string | null;
    },
  ): OutgoingMail {
    const { inviterEmail, role, modelLink, signupLink } = share;
    // Names are chosen by users, so they are plain text here (see mail/plainText.ts); the subject gets short
    // versions, so the sentence around them survives the cap.
    const inviterName = inertText(share.inviterName);
    const modelName = inertText(share.modelName);
    const organizationName = inertText(share.organizationName);
    const intro =
      `${inviterName} (${inviterEmail}) shared the model "${modelName}" of the organization ` +
      `"${organizationName}" with you on ${product}. Your role is ${role}: you ${roleWords[role]}.`;
    const open = { link: modelLink, label: 'Open the model' };
    const paragraphs: Paragraph[] =
      signupLink === null
        ? [`${intro} Open the model here:`, open]
        : [
            `${intro} Create your account first:`,
            { link: signupLink, label: 'Create your account' },
            'The link works once and expires in 24 hours. Then the model is here:',
            open,
          ];
    return compose(
      to,
      'model-shared',
      subjectLine(`${capLength(inviterName, 24)} shared ${capLength(modelName, 30)} with you on ${product}`),
      signupLink ?? modelLink,
      [...paragraphs, 'If you do not know this person, ignore this email.'],
    );
  },

  signupExisting(to: string, publicUrl: string): OutgoingMail {
    const login = `${publicUrl}/login`;
    return compose(to, 'signup-existing', `Your ${product} account`, login, [
      `${messages.userExists} Someone (hopefully you) tried to sign up to ${product} with it. Log in here:`,
      { link: login, label: 'Log in' },
      'Forgot your password? Reset it here:',
      { link: `${publicUrl}/forgot`, label: 'Reset your password' },
      'If it was not you, ignore this email; nothing has changed.',
    ]);
  },

  reset(to: string, link: string): OutgoingMail {
    return compose(to, 'reset', `Reset your ${product} password`, link, [
      `Someone (hopefully you) asked to reset your ${product} password. Open this link to choose a new one:`,
      { link, label: 'Choose a new password' },
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; ' +
        'your password stays as it is.',
    ]);
  },

  forgotUnknown(to: string, publicUrl: string): OutgoingMail {
    const signup = `${publicUrl}/signup`;
    return compose(to, 'forgot-unknown', `${product} password reset`, signup, [
      `${messages.emailNotRegistered} Someone (hopefully you) asked to reset the ${product} password of this ` +
        'address, but it has no account. To create one, sign up here:',
      { link: signup, label: `Sign up to ${product}` },
      'If it was not you, ignore this email.',
    ]);
  },

  passwordChanged(to: string, publicUrl: string): OutgoingMail {
    const forgot = `${publicUrl}/forgot`;
    return compose(to, 'password-changed', `Your ${product} password was changed`, forgot, [
      `The password of your ${product} account was just changed, every session signed in with the old ` +
        'one was ended and any personal API tokens were revoked.',
      'If you did not do this, reset your password at once:',
      { link: forgot, label: 'Reset your password' },
    ]);
  },
};
