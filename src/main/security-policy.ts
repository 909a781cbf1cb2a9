/**
 * The renderer's Content Security Policy, one string for the page's meta tag (injected at build
 * time), the desktop app's protocol handler and the web host's headers. Nothing remote: scripts,
 * workers, wasm and data come from the app itself. 'wasm-unsafe-eval' lets OpenCV.js and
 * Tesseract compile their WebAssembly; blob: and mediastream: carry camera frames and images.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self' blob: data:",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: mediastream:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ')

/** The same policy for the page's meta tag, where browsers ignore (and warn about) frame-ancestors. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ')

/**
 * OpenCV.js builds its bindings with `new Function` (emscripten embind), so the vision worker, and
 * only it, runs under a policy that also allows 'unsafe-eval'. A dedicated worker takes the policy
 * sent with its own script, so the page and every other script keep the strict one.
 */
const VISION_WORKER_SCRIPT = /^\/assets\/vision\.worker-[\w-]+\.js$/

export function contentSecurityPolicyFor(pathname: string): string {
  return VISION_WORKER_SCRIPT.test(pathname)
    ? CONTENT_SECURITY_POLICY.replace("'wasm-unsafe-eval'", "'wasm-unsafe-eval' 'unsafe-eval'")
    : CONTENT_SECURITY_POLICY
}
