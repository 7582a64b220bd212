/** Screenshots of a page, a full page or one element. */
package dev.quintet.capture.screenshot;
