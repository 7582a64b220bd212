/** The OAuth 2 authorization server: endpoints, tokens, signing keys, the consent step and its error pages. */
package dev.quintet.console.oauth.server;
