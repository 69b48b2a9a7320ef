import { UploadResultSchema } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /upload/image as multipart (field `file`); answers the stored image's URL. */
export const uploadImage = ({ image, fileName }: { image: Blob; fileName: string }) => {
  const form = new FormData();
  form.append('file', image, fileName);
  return api('/upload/image', { method: 'POST', body: form, schema: UploadResultSchema });
};

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
