/** Stand-in for `remark-gfm` (see react-markdown.tsx): a remark plugin that does nothing. */
export default function remarkGfm(): void {}
