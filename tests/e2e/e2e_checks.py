"""What the e2e scripts share: a check that prints its line and keeps what failed, for the script's end
to report and turn into its exit status."""

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)
