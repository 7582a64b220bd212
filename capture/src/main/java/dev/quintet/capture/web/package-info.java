/** HTTP routes of the capture service and their parameter rules. */
package dev.quintet.capture.web;
