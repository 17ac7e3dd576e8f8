"""Validates a corpus of instances against JSON Schemas with Python's jsonschema (draft 2020-12).

Usage: python validate.py CORPUS.json. CORPUS is {"schemas": {name: schema}, "cases": [{"id", "schema",
"instance"}]}. Every schema is first checked against the draft 2020-12 metaschema. Prints one JSON
object: {"validator": "jsonschema <version>", "results": [{"id", "valid", "errors": [{"path",
"message"}]}]}. Exit 0 when it judged every case (whatever the verdicts), 1 on a bad schema or input.
"""
import json
import sys
from importlib.metadata import version

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def main(path):
    with open(path, encoding="utf-8") as f:
        corpus = json.load(f)
    validators = {}
    for name, schema in corpus["schemas"].items():
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as e:
            print(f"schema {name} is not a valid draft 2020-12 schema: {e.message}", file=sys.stderr)
            return 1
        validators[name] = Draft202012Validator(schema)
    results = []
    for case in corpus["cases"]:
        errors = [
            {"path": "/" + "/".join(str(p) for p in e.absolute_path), "message": e.message}
            for e in validators[case["schema"]].iter_errors(case["instance"])
        ]
        results.append({"id": case["id"], "valid": not errors, "errors": errors})
    json.dump({"validator": "jsonschema " + version("jsonschema"), "results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
