/** The console (port 8080): accounts, API keys, usage and credits for people; OAuth clients for apps. */
package dev.quintet.console;
