"""The bench's data and app files: lists of 100 to 100,000 rows, sixteen groups to edit, and the
export's 10,000 items."""
import json
import subprocess
from pathlib import Path

WORDS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima"]


def rows(count, prefix):
    return [{"key": f"{prefix}-{n}", "name": f"{WORDS[n % len(WORDS)]} {n}", "number": n} for n in range(count)]


def write_fixtures(folder: Path):
    data = {f"list-{n}": rows(n, f"r{n}") for n in (100, 1000, 10000, 100000)}
    data["groups"] = [{"key": f"group-{g}", "name": f"Group {g}",
                       "items": [{"key": f"group-{g}-{i}", "name": f"Item {i}", "checked": False} for i in range(10)]}
                      for g in range(1, 17)]
    (folder / "data.json").write_text(json.dumps(data))
    cells = "\n".join(f"          - {{ key: indexed-{n}, text: Indexed {n}, push: indexed-{n} }}" for n in (100, 1000, 10000))
    scenes = "\n".join(f"""  indexed-{n}:
    title: Indexed {n}
    list: list-{n}
    index: {{ by: name, locale: en_US }}
    cell: {{ text: "{{name}}", detail: "{{number}}", style: subtitle }}
    push: detail""" for n in (100, 1000, 10000))
    (folder / "serve.yaml").write_text(f"""title: Bench
root: home
scenes:
  home:
    title: Bench
    style: grouped
    sections:
      - cells:
{cells}
          - {{ key: plain-100000, text: Plain 100000, push: plain-100000 }}
          - {{ key: groups, text: Groups, push: groups }}
{scenes}
  plain-100000:
    title: Plain 100000
    list: list-100000
    cell: {{ text: "{{name}}", detail: "{{number}}", style: value1 }}
  detail:
    title: "{{name}}"
    style: grouped
    detail:
      editable: true
      sections:
        - fields:
            - {{ attribute: name, label: Name, type: text }}
            - {{ attribute: number, label: Number, type: number }}
  groups:
    title: Groups
    list: groups
    cell: {{ text: "{{name}}" }}
    push: group
    info: choose
  group:
    title: "{{name}}"
    list: items
    cell: {{ text: "{{name}}" }}
    editing: {{ rows: delete }}
    moves: {{}}
    add:
      fields:
        - {{ attribute: name, label: Name, type: text, required: true }}
  choose:
    title: "{{name}}"
    list: items
    cell: {{ text: "{{name}}" }}
    selection: {{ mode: inclusive, attribute: checked }}
""")
    (folder / "export-data.json").write_text(json.dumps({"items": rows(10000, "e")}))
    (folder / "export.yaml").write_text("""title: Export
root: items
scenes:
  items:
    title: Items
    list: items
    index: { by: name, locale: en_US }
    cell: { text: "{name}", detail: "{number}", style: subtitle }
    push: item
  item:
    title: "{name}"
    style: grouped
    detail:
      sections:
        - fields:
            - { attribute: name, label: Name, type: text }
            - { attribute: number, label: Number, type: number }
""")


def import_item(binary, db, file, key, name, number):
    """Adds one item to the export's list with `tablestack import` (written to `file` first): the
    change a re-export after a change is timed after."""
    file.write_text(json.dumps({"items": [{"key": key, "name": name, "number": number}]}))
    subprocess.run([binary, "import", "--db", str(db), str(file)], check=True, capture_output=True)
