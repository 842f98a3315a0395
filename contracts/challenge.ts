/** docs/architecture.md#bot-challenge: the solved challenge travels in this header, so no body changes. */
export const CHALLENGE_HEADER = 'x-altcha';

export const challengeMessages = {
  required: 'Please confirm you are not a robot.',
} as const;
