import { UPLOAD_ACCEPT } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Camera, History, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { AlertMessage, FieldError, Spinner } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useUploadImage } from '@/features/order-ahead/api/upload-image';
import { checkImageFile, prepareImage, uploadNameFor } from '@/features/order-ahead/lib/prepare-image';
import { readStored } from '@/features/order-ahead/lib/stored';
import { logFailure } from '@/lib/log-failure';

type Mode = 'upload' | 'recent' | null;

interface TumblerImageFieldProps {
  /** The uploaded photo's URL ('' while none). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** Told while an upload runs (the form waits for it). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The photo of the customer's own tumbler, so the barista finds the right cup: upload a new one
 * or reuse the most recent upload. Back clears the choice.
 */
export function TumblerImageField({ value, onChange, error, onBusyChange }: TumblerImageFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const [mode, setMode] = useState<Mode>(null);
  const [recent, setRecent] = useState(() => readStored(STORAGE_KEYS.recentUpload));
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = upload.isPending;

  useEffect(() => {
    onBusyChange?.(upload.isPending);
  }, [upload.isPending, onBusyChange]);

  useEffect(() => {
    // The file field is disabled while its photo uploads, which takes the focus from it: once the
    // upload is over the focus goes back to it instead of staying lost to the page.
    if (!uploading && document.activeElement === document.body) fileInput.current?.focus();
  }, [uploading]);

  const handleBack = () => {
    setMode(null);
    setProblem(null);
    onChange('');
    // Back is gone with the choice it cleared: the focus goes to the upload button that is back.
    requestAnimationFrame(() => document.getElementById(`${id}-upload`)?.focus());
  };

  /**
   * The chosen photo does not load: the cafe deleted it (docs/privacy.md) or it never was on this
   * server. The choice is cleared, so no order goes with it, and the person is asked for a new one.
   */
  const handleGone = () => {
    if (value === recent) {
      try {
        localStorage.removeItem(STORAGE_KEYS.recentUpload);
      } catch {
        // Storage refused: the button is disabled below anyway.
      }
      setRecent(null);
    }
    setMode(null);
    onChange('');
    setProblem(_('order.tumbler.gone'));
  };

  const handleUseRecent = () => {
    if (!recent) return;
    setMode('recent');
    setProblem(null);
    onChange(recent);
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const refusal = checkImageFile(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    try {
      const prepared = await prepareImage(file);
      const { url } = await upload.mutateAsync({ image: prepared, fileName: uploadNameFor(file, prepared) });
      localStorage.setItem(STORAGE_KEYS.recentUpload, url);
      setRecent(url);
      onChange(url);
    } catch (uploadError) {
      logFailure('upload failed', uploadError);
      setProblem(
        isApiError(uploadError, 'PAYLOAD_TOO_LARGE') ? _('shared.spec.uploadTooLarge') : _('shared.spec.uploadOther'),
      );
    }
  };

  const errorId = `${id}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined} data-invalid={error ? true : undefined}>
      <legend className="label">{_('order.tumbler.legend')}</legend>
      <p className="mb-2 text-sm text-[var(--ink-muted)]">{_('order.tumbler.hint')}</p>

      {mode === null && !value ? (
        <div className="flex flex-wrap gap-2">
          <button id={`${id}-upload`} type="button" className="btn-secondary" onClick={() => setMode('upload')}>
            <Camera aria-hidden="true" className="h-4 w-4" />
            {_('order.tumbler.upload')}
          </button>
          <button type="button" className="btn-secondary" onClick={handleUseRecent} disabled={!recent}>
            <History aria-hidden="true" className="h-4 w-4" />
            {_('order.tumbler.useRecent')}
          </button>
        </div>
      ) : null}

      {mode === 'upload' ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {_('order.tumbler.choose')}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept={UPLOAD_ACCEPT}
            onChange={(event) => void handleFile(event)}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint`}
            // The upload button that showed this field is gone: the focus moves on to the field.
            autoFocus
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-[var(--accent-soft)] file:px-3 file:py-2 file:font-medium file:text-[var(--accent-strong)]"
          />
          <p id={`${id}-hint`} className="text-xs text-[var(--ink-muted)]">
            {_('order.tumbler.formats')}
          </p>
          {upload.isPending ? <Spinner size="sm" label={_('order.tumbler.uploading')} /> : null}
        </div>
      ) : null}

      {problem ? <AlertMessage className="mt-2">{problem}</AlertMessage> : null}

      {value ? (
        <figure className="mt-3">
          <img
            src={value}
            alt={_('order.tumbler.alt')}
            className="h-40 w-40 rounded-xl border border-[var(--border)] object-cover"
            onError={handleGone}
          />
          <figcaption className="sr-only">{_('order.tumbler.chosen')}</figcaption>
        </figure>
      ) : null}

      {mode !== null || value ? (
        <button type="button" className="btn-ghost mt-2 text-sm" onClick={handleBack} disabled={upload.isPending}>
          <Undo2 aria-hidden="true" className="h-4 w-4" />
          {_('order.tumbler.back')}
        </button>
      ) : null}

      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
