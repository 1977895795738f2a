// The smallest standard TodoMVC in React (markup as in the TodoMVC app spec and the official React
// example), styled by the todomvc-app-css package. Bundled by esbuild at test setup.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const FILTERS = { '#/': () => true, '#/active': (todo) => !todo.completed, '#/completed': (todo) => todo.completed };

function useRoute() {
  const read = () => (window.location.hash in FILTERS ? window.location.hash : '#/');
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

function Item({ todo, onToggle, onDestroy, onSave }) {
  const [editing, setEditing] = useState(false);
  const finish = (event) => {
    const title = event.target.value.trim();
    setEditing(false);
    if (title) onSave(title);
    else onDestroy();
  };
  return (
    <li
      className={[todo.completed ? 'completed' : '', editing ? 'editing' : ''].join(' ').trim()}
      data-testid="todo-item"
    >
      <div className="view">
        <input className="toggle" type="checkbox" checked={todo.completed} onChange={onToggle} />
        <label onDoubleClick={() => setEditing(true)}>{todo.title}</label>
        <button className="destroy" onClick={onDestroy} />
      </div>
      {editing && (
        <input
          className="edit"
          autoFocus
          defaultValue={todo.title}
          onBlur={finish}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finish(event);
            if (event.key === 'Escape') setEditing(false);
          }}
        />
      )}
    </li>
  );
}

let nextId = 1;

function App() {
  const [todos, setTodos] = useState([]);
  const route = useRoute();
  const shown = todos.filter(FILTERS[route]);
  const active = todos.filter((todo) => !todo.completed).length;
  const update = (id, change) => setTodos((all) => all.map((todo) => (todo.id === id ? { ...todo, ...change } : todo)));
  const remove = (id) => setTodos((all) => all.filter((todo) => todo.id !== id));
  return (
    <>
      <header className="header">
        <h1>todos</h1>
        <input
          className="new-todo"
          placeholder="What needs to be done?"
          autoFocus
          onKeyDown={(event) => {
            const title = event.target.value.trim();
            if (event.key !== 'Enter' || !title) return;
            setTodos((all) => [...all, { id: nextId++, title, completed: false }]);
            event.target.value = '';
          }}
        />
      </header>
      {todos.length > 0 && (
        <section className="main">
          <div className="toggle-all-container">
            <input
              id="toggle-all"
              className="toggle-all"
              type="checkbox"
              checked={active === 0}
              onChange={(event) => setTodos((all) => all.map((todo) => ({ ...todo, completed: event.target.checked })))}
            />
            <label htmlFor="toggle-all">Mark all as complete</label>
          </div>
          <ul className="todo-list">
            {shown.map((todo) => (
              <Item
                key={todo.id}
                todo={todo}
                onToggle={() => update(todo.id, { completed: !todo.completed })}
                onDestroy={() => remove(todo.id)}
                onSave={(title) => update(todo.id, { title })}
              />
            ))}
          </ul>
        </section>
      )}
      {todos.length > 0 && (
        <footer className="footer">
          <span className="todo-count">
            <strong>{active}</strong> {active === 1 ? 'item' : 'items'} left
          </span>
          <ul className="filters">
            {[
              ['#/', 'All'],
              ['#/active', 'Active'],
              ['#/completed', 'Completed'],
            ].map(([href, label]) => (
              <li key={href}>
                <a className={route === href ? 'selected' : undefined} href={href}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
          {todos.length > active && (
            <button
              className="clear-completed"
              onClick={() => setTodos((all) => all.filter((todo) => !todo.completed))}
            >
              Clear completed
            </button>
          )}
        </footer>
      )}
    </>
  );
}

createRoot(document.querySelector('.todoapp')).render(<App />);
