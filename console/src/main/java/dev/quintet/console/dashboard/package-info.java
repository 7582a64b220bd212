/** The dashboard: the services and their addresses, credit balance, API keys and usage charts. */
package dev.quintet.console.dashboard;
