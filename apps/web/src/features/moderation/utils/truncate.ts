/** Shared with the public pages; it lives beside the collapsible text in components/ui. */
export { truncate } from '@/components/ui/collapsible-text';
