#!/usr/bin/env python3
"""Writes a bench table into docs/performance.md between <!-- NAME:begin --> and <!-- NAME:end -->,
appending the section (under TITLE) when the file has no such markers yet.
Usage: bench-table.py FILE NAME TITLE TABLE"""
import sys

path, name, title, table = sys.argv[1:5]
text = open(path).read()
begin, end = "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name
if begin not in text:
    text += "\n## %s\n\n%s\n%s\n" % (title, begin, end)
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
open(path, "w").write(head + begin + "\n" + table + "\n" + end + tail)
