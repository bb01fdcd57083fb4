import { useEffect, useSyncExternalStore } from 'react';

/**
 * The question 'may the team keep your photos?', asked by whatever needs the photo consent (photos
 * just chosen, an upload the server refused for it) and answered in the one dialog on screen
 * (components/photo-consent-prompt.tsx). Every caller meanwhile shares the same question.
 */

let question: { answer: Promise<boolean>; resolve: (given: boolean) => void } | null = null;
let prompts = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Resolves true once the client gave the consent (it is recorded), false when they declined or no screen can ask. */
export function askPhotoConsent(): Promise<boolean> {
  if (prompts === 0) return Promise.resolve(false);
  if (!question) {
    let resolve: (given: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((settle) => {
      resolve = settle;
    });
    question = { answer, resolve };
    notify();
  }
  return question.answer;
}

function answerPhotoConsent(given: boolean): void {
  const asked = question;
  question = null;
  notify();
  asked?.resolve(given);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isAsked = () => question !== null;

/** For the dialog that asks: whether the question is open, and how to answer it. Leaving the screen declines it. */
export function usePhotoConsentQuestion(): { asked: boolean; answer: (given: boolean) => void } {
  const asked = useSyncExternalStore(subscribe, isAsked, isAsked);
  useEffect(() => {
    prompts += 1;
    return () => {
      prompts -= 1;
      if (prompts === 0) answerPhotoConsent(false);
    };
  }, []);
  return { asked, answer: answerPhotoConsent };
}
