/** Usage counters per key, service and UTC day, for the dashboard's charts. */
package dev.quintet.platform.usage;
