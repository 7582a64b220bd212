/** PDF printing of a page. */
package dev.quintet.capture.pdf;
