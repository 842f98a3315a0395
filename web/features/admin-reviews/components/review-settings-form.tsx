import type { FormEvent } from 'react';
import {
  MAX_REQUEST_DELAY_DAYS,
  MIN_REQUEST_DELAY_DAYS,
  type ReviewSettings,
  ReviewSettingsBodySchema,
  reviewMessages,
} from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import { InputField } from '../../../components/form/form-field';
import { useCheckedSave } from '../../../components/form/use-checked-save';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useReviewSettings, useUpdateReviewSettings } from '../api/review-settings';

interface FormValues {
  autoPublish: boolean;
  requestDelayDays: string;
}

function valuesOf(settings: ReviewSettings): FormValues {
  return { autoPublish: settings.autoPublish, requestDelayDays: String(settings.requestDelayDays) };
}

/** The days as the body's whole number; a blank or bad entry fails the schema with its message. */
function bodyOf(values: FormValues) {
  const days = values.requestDelayDays.trim();
  return { autoPublish: values.autoPublish, requestDelayDays: days === '' ? Number.NaN : Number(days) };
}

/** docs/product.md#review-settings: publish new reviews at once or hold them, and when the request goes (owner). */
export function ReviewSettingsForm({ settings, canEdit }: { settings: ReviewSettings; canEdit: boolean }) {
  const { values, setValues, set, field, fieldErrors } = useFormValues(() => valuesOf(settings));
  const update = useUpdateReviewSettings();
  const { status, submit: save } = useCheckedSave({
    check: (body) => ReviewSettingsBodySchema.safeParse(body),
    save: (body) => update.mutateAsync(body),
    onSaved: (reply) => setValues(valuesOf(reply.settings)),
    savedText: reviewMessages.settingsSaved,
    invalidText: 'Please check the review settings.',
    fieldErrors,
  });
  const submit = (event: FormEvent) => save(event, bodyOf(values));

  return (
    <form className="admin-form settings-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="settings-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Reviews</legend>
        <p className="admin-muted">
          Reviews come only from shoppers whose order was delivered. Held reviews wait under New on the
          Reviews page until you publish them; a review request is sent once per order, the set days after
          delivery.
        </p>
        <div className="settings-check">
          <input
            id="review-auto-publish"
            type="checkbox"
            checked={values.autoPublish}
            onChange={(event) => set('autoPublish', event.target.checked)}
          />
          <label htmlFor="review-auto-publish">
            Publish new reviews at once (untick to hold each for your approval)
          </label>
        </div>
        <InputField
          label={`Days after delivery to ask for a review (${MIN_REQUEST_DELAY_DAYS} to ${MAX_REQUEST_DELAY_DAYS})`}
          inputMode="numeric"
          {...field('requestDelayDays')}
        />
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save review settings'}
          </Button>
        )}
      </fieldset>
      <StatusMessage status={status} />
    </form>
  );
}

/** The reviews' section of the Settings page, reading its own settings. */
export function ReviewSettingsSection({ canEdit }: { canEdit: boolean }) {
  const settings = useReviewSettings();
  if (settings.isError) return <StatusMessage status={{ kind: 'error', text: settings.error.message }} />;
  return settings.data ? <ReviewSettingsForm settings={settings.data.settings} canEdit={canEdit} /> : null;
}
