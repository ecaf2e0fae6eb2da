/** The carousel is shared with the public post pages; it lives in components/ui. */
export { ImageCarousel } from '@/components/ui/image-carousel';
