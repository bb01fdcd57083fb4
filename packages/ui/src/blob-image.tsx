import { useEffect, useRef, type ComponentProps } from 'react';

type BlobImageProps = Omit<ComponentProps<'img'>, 'src'> & { blob: Blob; alt: string };

/**
 * An image of bytes held in memory (a photo fetched with the bearer, or one just taken): its object
 * URL lives as long as the image is on screen, and is revoked when it leaves or its bytes change.
 */
export function BlobImage({ blob, alt, ...props }: BlobImageProps) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={image} alt={alt} {...props} />;
}
