// errdex completions bash|zsh|fish: shell completion scripts generated from
// the CLI11 model that prints --help (commands, their options, which
// options take a value and the values a choice allows), so a new flag is
// completed as soon as it exists.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace errdex {
namespace {

// One option or positional, as the scripts need it.
struct Arg {
  std::vector<std::string> names;  // "-V", "--version"; empty for a positional
  std::string positional_name;     // "path", "shell"
  std::string description;         // first line only
  bool takes_value = false;
  std::vector<std::string> choices;  // from a CLI::IsMember check: {a,b,c}
};

struct Cmd {
  std::string name, description;
  std::vector<Arg> options, positionals;
};

std::string FirstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (line.size() > 90) line = line.substr(0, line.rfind(' ', 87)) + "...";
  return line;
}

// CLI11 shows an IsMember check in the type name: "TEXT:{bash,zsh,fish}".
std::vector<std::string> Choices(const std::string& type_name) {
  std::vector<std::string> out;
  size_t open = type_name.find('{'), close = type_name.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string list = type_name.substr(open + 1, close - open - 1);
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    if (comma > start) out.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

Cmd Describe(const CLI::App& app) {
  Cmd cmd{app.get_name(), FirstLine(app.get_description()), {}, {}};
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    Arg arg;
    arg.description = FirstLine(opt->get_description());
    arg.takes_value = opt->get_expected_max() > 0 && opt->get_type_size_max() > 0;
    arg.choices = Choices(opt->get_type_name());
    if (opt->get_positional()) {
      arg.positional_name = opt->get_name();
      cmd.positionals.push_back(arg);
      continue;
    }
    for (const std::string& s : opt->get_snames()) arg.names.push_back("-" + s);
    for (const std::string& l : opt->get_lnames()) arg.names.push_back("--" + l);
    cmd.options.push_back(arg);
  }
  return cmd;
}

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Inside single quotes: ' becomes '\'' (sh, zsh); fish takes \' and \\.
std::string ShQuoted(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out;
}
std::string FishQuoted(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}
// zsh _arguments reads [description] up to the first unescaped ].
std::string ZshDescription(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ']' || c == '[' || c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return ShQuoted(out);
}

std::string Bash(const Cmd& root, const std::vector<Cmd>& commands) {
  std::vector<std::string> root_words, root_takes, names;
  for (const Cmd& c : commands) names.push_back(c.name);
  names.push_back("help");
  root_words = names;
  std::string choice_cases;
  auto add_options = [&](const Cmd& c, std::vector<std::string>* words,
                         std::vector<std::string>* takes) {
    for (const Arg& a : c.options) {
      for (const std::string& n : a.names) {
        words->push_back(n);
        if (a.takes_value) takes->push_back(n);
        if (!a.choices.empty()) {
          choice_cases += "    " + n + ") COMPREPLY=($(compgen -W '" + Join(a.choices) +
                          "' -- \"$cur\")); return ;;\n";
        }
      }
    }
  };
  add_options(root, &root_words, &root_takes);
  std::string cases = "    '') words='" + Join(root_words) + "' ;;\n";
  cases += "    help) words='" + Join(names) + "' ;;\n";
  std::string positional_cases;
  for (const Cmd& c : commands) {
    std::vector<std::string> words, takes = root_takes;
    add_options(c, &words, &takes);
    for (const std::string& w : root_words) {
      if (w.starts_with("--color")) words.push_back(w);  // global, accepted after the command
    }
    cases += "    " + c.name + ") words='" + Join(words) + "'; takes='" + Join(takes) + "' ;;\n";
    if (!c.positionals.empty() && !c.positionals[0].choices.empty()) {
      positional_cases += "    " + c.name + ") COMPREPLY=($(compgen -W '" +
                          Join(c.positionals[0].choices) + "' -- \"$cur\")); return ;;\n";
    }
  }
  std::string skip_root_values;
  for (const std::string& t : root_takes) skip_root_values += t + "|";
  if (!skip_root_values.empty()) skip_root_values.pop_back();
  std::string out =
      "# bash completion for errdex (generated by: errdex completions bash)\n"
      "_errdex() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" cmd=\"\" words=\"\" takes=\"\" i\n"
      "  (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      "  for (( i = 1; i < COMP_CWORD; i++ )); do\n"
      "    case \"${COMP_WORDS[i]}\" in\n";
  if (!skip_root_values.empty()) out += "      " + skip_root_values + ") (( i++ )) ;;\n";
  out +=
      "      -*) ;;\n"
      "      *) cmd=\"${COMP_WORDS[i]}\"; break ;;\n"
      "    esac\n"
      "  done\n"
      "  case \"$prev\" in\n" +
      choice_cases +
      "  esac\n"
      "  case \"$cmd\" in\n" +
      cases +
      "  esac\n"
      "  if [[ \" $takes \" == *\" $prev \"* ]]; then\n"
      "    COMPREPLY=($(compgen -f -- \"$cur\")); return\n"
      "  fi\n"
      "  if [[ -z \"$cmd\" || \"$cmd\" == help || \"$cur\" == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\")); return\n"
      "  fi\n"
      "  case \"$cmd\" in\n" +
      positional_cases +
      "  esac\n"
      "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "}\n"
      "complete -o default -F _errdex errdex\n";
  return out;
}

std::string ZshSpecs(const Cmd& c, const std::string& indent) {
  std::string out;
  for (const Arg& a : c.options) {
    for (const std::string& n : a.names) {
      out += indent + "'" + n + (a.takes_value && n.starts_with("--") ? "=" : "") + "[" +
             ZshDescription(a.description) + "]";
      if (a.takes_value) {
        out += a.choices.empty() ? ":value:_files" : ":value:(" + Join(a.choices) + ")";
      }
      out += "' \\\n";
    }
  }
  for (size_t i = 0; i < c.positionals.size(); ++i) {
    const Arg& p = c.positionals[i];
    std::string action = p.choices.empty() ? "_files" : "(" + Join(p.choices) + ")";
    out += indent + "'" + std::to_string(i + 1) + ":" + p.positional_name + ":" + action + "' \\\n";
  }
  return out;
}

std::string Zsh(const Cmd& root, const std::vector<Cmd>& commands) {
  std::string out =
      "#compdef errdex\n"
      "# zsh completion for errdex (generated by: errdex completions zsh)\n"
      "_errdex() {\n"
      "  local curcontext=\"$curcontext\" state line\n"
      "  local -a commands\n"
      "  commands=(\n";
  for (const Cmd& c : commands) {
    out += "    '" + c.name + ":" + ShQuoted(c.description) + "'\n";
  }
  out += "    'help:Show the help of a command'\n  )\n";
  out += "  _arguments -C \\\n" + ZshSpecs(root, "    ") +
         "    '1: :->command' \\\n"
         "    '*:: :->args'\n"
         "  case $state in\n"
         "    command) _describe -t commands 'errdex command' commands ;;\n"
         "    args)\n"
         "      case $line[1] in\n";
  Cmd global{"", "", {}, {}};
  for (const Arg& a : root.options) {
    for (const std::string& n : a.names) {
      if (n == "--color") global.options.push_back(a);
    }
  }
  for (const Cmd& c : commands) {
    out += "        " + c.name + ")\n          _arguments \\\n" + ZshSpecs(c, "            ") +
           ZshSpecs(global, "            ") + "            && return ;;\n";
  }
  out +=
      "        help) _describe -t commands 'errdex command' commands ;;\n"
      "      esac ;;\n"
      "  esac\n"
      "}\n"
      "if [ \"$funcstack[1]\" = \"_errdex\" ]; then\n"
      "  _errdex \"$@\"\n"
      "else\n"
      "  compdef _errdex errdex\n"
      "fi\n";
  return out;
}

std::string FishOption(const std::string& condition, const Arg& a) {
  std::string out = "complete -c errdex";
  if (!condition.empty()) out += " -n '" + condition + "'";
  for (const std::string& n : a.names) {
    out += n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1);
  }
  if (!a.choices.empty()) {
    out += " -x -k -a '" + Join(a.choices) + "'";
  } else if (a.takes_value) {
    out += " -r -F";
  }
  return out + " -d '" + FishQuoted(a.description) + "'\n";
}

std::string Fish(const Cmd& root, const std::vector<Cmd>& commands) {
  std::string names;
  for (const Cmd& c : commands) names += (names.empty() ? "" : " ") + c.name;
  std::string out =
      "# fish completion for errdex (generated by: errdex completions fish)\n"
      "complete -c errdex -f\n";
  for (const Cmd& c : commands) {
    out += "complete -c errdex -n __fish_use_subcommand -a " + c.name + " -d '" +
           FishQuoted(c.description) + "'\n";
  }
  out += "complete -c errdex -n __fish_use_subcommand -a help -d 'Show the help of a command'\n";
  out += "complete -c errdex -n '__fish_seen_subcommand_from help' -a '" + names + "'\n";
  for (const Arg& a : root.options) {
    bool global = !a.names.empty() && a.names.back() == "--color";
    out += FishOption(global ? "" : "__fish_use_subcommand", a);
  }
  for (const Cmd& c : commands) {
    std::string condition = "__fish_seen_subcommand_from " + c.name;
    for (const Arg& a : c.options) out += FishOption(condition, a);
    if (c.positionals.empty()) continue;
    const Arg& p = c.positionals[0];
    out += "complete -c errdex -n '" + condition + "'" +
           (p.choices.empty() ? " -F" : " -x -k -a '" + Join(p.choices) + "'") + "\n";
  }
  return out;
}

}  // namespace

std::string CompletionScript(const CLI::App& app, const std::string& shell) {
  Cmd root = Describe(app);
  std::vector<Cmd> commands;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (!sub->get_group().empty()) commands.push_back(Describe(*sub));
  }
  if (shell == "bash") return Bash(root, commands);
  if (shell == "zsh") return Zsh(root, commands);
  if (shell == "fish") return Fish(root, commands);
  return "";
}

Command AddCompletionsCommand(CLI::App* app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app->add_subcommand("completions", "Print a shell completion script");
  cmd->add_option("shell", *shell, "bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  cmd->footer(
      "Install (or let the package do it):\n"
      "  errdex completions bash > ~/.local/share/bash-completion/completions/errdex\n"
      "  errdex completions zsh > ~/.zfunc/_errdex   # with fpath+=(~/.zfunc) in ~/.zshrc\n"
      "  errdex completions fish > ~/.config/fish/completions/errdex.fish");
  return {cmd, [app, shell] {
            std::cout << CompletionScript(*app, *shell);
            return kExitFound;
          }};
}

}  // namespace errdex
