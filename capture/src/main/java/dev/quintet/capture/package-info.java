/** Page capture (S3): screenshots, PDF and extraction on headless Chromium. */
package dev.quintet.capture;
