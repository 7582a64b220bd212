/** The shared headless Chromium: discovery, launch, restart, and a bounded pool of isolated pages. */
package dev.quintet.capture.browser;
