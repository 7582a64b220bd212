/** What every console page shares: the home page, the page frame's model, form errors and error pages. */
package dev.quintet.console.web;
