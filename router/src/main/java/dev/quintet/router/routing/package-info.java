/**
 * Choosing endpoints for a chat or text-completions request: validation, provider preferences, price-weighted and
 * sorted choice, endpoint health and cool-downs, parameter filtering and fallback.
 */
package dev.quintet.router.routing;
