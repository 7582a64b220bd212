/** The platform every Quintet app stands on: accounts, API keys, quotas, errors, web contract and storage. */
package dev.quintet.platform;
