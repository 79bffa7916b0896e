/**
 * Every stylesheet the signed-in pages need (issue 18, ADR 421): imported by the lazily loaded
 * shell and by the pages outside it, so it arrives with their chunk (Vite waits for a chunk's CSS
 * before the chunk runs). It repeats the first page's rules in Mantine's own order, so the
 * cascade is the same whatever arrived first.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
