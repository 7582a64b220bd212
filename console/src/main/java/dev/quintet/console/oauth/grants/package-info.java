/** What users granted to apps: authorizations with their codes and tokens, remembered consents, connected apps. */
package dev.quintet.console.oauth.grants;
