/** Creating an account from the sign-up form. */
package dev.quintet.console.signup;
