/** Who may see which page: session log-in with the platform's accounts, log-in throttling, security headers. */
package dev.quintet.console.security;
