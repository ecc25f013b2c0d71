/**
 * Imported by every module that renders antd (the shell and the toasts), never by the entry:
 * antd 5 needs this patch to render its static methods and wave effects under React 19.
 * ES modules run once, so the patch is applied exactly once whichever side loads first.
 */
import '@ant-design/v5-patch-for-react-19';
