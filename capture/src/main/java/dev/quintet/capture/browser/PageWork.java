package dev.quintet.capture.browser;

import com.microsoft.playwright.Page;

/** What one capture does with its fresh page; runs on a render lane's thread, which owns the page. */
@FunctionalInterface
public interface PageWork<T> {

    T render(Page page);
}
